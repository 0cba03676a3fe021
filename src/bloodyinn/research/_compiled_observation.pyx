# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The view part of an observation, written straight into a float32 buffer: the compiled form of
`observation.ObservationEncoder.view_bytes`, used when this extension is built (`observation.COMPILED`).

It knows no layout of its own: `observation` hands it every offset, weight and precomputed count value once
(`configure`), and it adds and sets entries exactly as `observation._section` does (a hit adds its entry's
float32 weight through a double, as `array("f")` does; a value is a double rounded to float32), so both forms
give the same bits. `tests/research/test_research_fast_paths.py` compares them in whole games.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.string cimport memset

# The `CompactView` and `CompactSeat` fields this file reads by position; `configure` checks them.
VIEW_FIELDS = ("seat", "players", "long", "unlimited_wealth", "first_come_first_served", "round", "season",
               "final_round", "first_player", "stage", "decision", "current_player", "turn", "police_present",
               "pending_release", "is_over", "lost", "entrance_size", "entrance_top", "entrance_cards", "arrival",
               "culled", "keys", "room_service", "guests", "bistro", "exit", "gravedigger", "unused_peasants",
               "seats")
SEAT_FIELDS = ("cash", "checks", "hand", "corpses", "annexes", "barn_buried", "barn_free", "end_bonus")

cdef enum:
    MAX_SIZE = 4096
    MAX_CARDS = 256
    MAX_OCCUPATIONS = 64
    MAX_COPIES = 16

cdef int view_size = 0, occupations = 0, cards = 0
cdef int at_seat, at_players, at_settings, at_round, at_season, at_first, at_current, at_turn, at_police
cdef int at_over, at_entrance_size, at_entrance_top, at_entrance_cards, at_arrival, at_culled, at_rooms
cdef int at_bistro, at_exit, at_gravedigger, at_unused_peasants, at_player
cdef int rooms, room_size, player_size, white, closed, nobody, no_card
cdef int room_white, room_closed, room_service, room_guest, annex_buried, annex_free
cdef int player_cash, player_checks, player_hand, player_corpses, player_barn
cdef double round_scale, turn_scale, cards_scale, cash_scale, checks_scale, annex_scale, bonus_scale
cdef float weights[MAX_SIZE]
cdef int card_occupation[MAX_CARDS]
cdef int annex_at[MAX_CARDS]  # an annex card's first entry, or -1
cdef int copies[MAX_OCCUPATIONS]
cdef float count_values[MAX_OCCUPATIONS][MAX_COPIES + 1]
cdef dict stage_at = {}, decision_at = {}


def configure(dict at, dict sizes, dict within, dict scales, dict codes, list entry_weights, list occupation_of_card,
              dict annex_entries, list counted, dict stage_entries, dict decision_entries,
              tuple view_fields, tuple seat_fields):
    """Take the layout from `observation` (offsets, sizes, entries within a room, an annex and a seat's part,
    scales, state codes, every entry's weight, each card's
    occupation, each annex card's first entry, each occupation's count values, stage and decision entries)."""
    global view_size, occupations, cards, rooms, room_size, player_size, white, closed, nobody, no_card
    global at_seat, at_players, at_settings, at_round, at_season, at_first, at_current, at_turn, at_police
    global at_over, at_entrance_size, at_entrance_top, at_entrance_cards, at_arrival, at_culled, at_rooms
    global at_bistro, at_exit, at_gravedigger, at_unused_peasants, at_player, stage_at, decision_at
    global round_scale, turn_scale, cards_scale, cash_scale, checks_scale, annex_scale, bonus_scale
    global room_white, room_closed, room_service, room_guest, annex_buried, annex_free
    global player_cash, player_checks, player_hand, player_corpses, player_barn
    if view_fields != VIEW_FIELDS or seat_fields != SEAT_FIELDS:
        raise ValueError("the compact view's fields are not those this compiled encoder reads: rebuild it")
    if (sizes["view"] > MAX_SIZE or len(occupation_of_card) > MAX_CARDS or len(counted) > MAX_OCCUPATIONS
            or max(len(values) for values in counted) > MAX_COPIES + 1):
        raise ValueError("the observation layout outgrows the compiled encoder's tables")
    view_size, occupations, cards = sizes["view"], sizes["occupations"], len(occupation_of_card)
    rooms, room_size, player_size = sizes["rooms"], sizes["room"], sizes["player"]
    white, closed, nobody, no_card = codes["white"], codes["closed"], codes["nobody"], codes["no_card"]
    room_white, room_closed, room_service, room_guest = (within["room_white"], within["room_closed"],
                                                         within["room_service"], within["room_guest"])
    annex_buried, annex_free = within["annex_buried"], within["annex_free"]
    player_cash, player_checks, player_hand = within["player_cash"], within["player_checks"], within["player_hand"]
    player_corpses, player_barn = within["player_corpses"], within["player_barn"]
    at_seat, at_players, at_settings, at_round = at["seat"], at["players"], at["settings"], at["round"]
    at_season, at_first, at_current, at_turn = at["season"], at["first_player"], at["current_player"], at["turn"]
    at_police, at_over, at_entrance_size = at["police"], at["over"], at["entrance_size"]
    at_entrance_top, at_entrance_cards, at_arrival = at["entrance_top"], at["entrance_cards"], at["arrival"]
    at_culled, at_rooms, at_bistro, at_exit = at["culled"], at["rooms"], at["bistro"], at["exit"]
    at_gravedigger, at_unused_peasants, at_player = at["gravedigger"], at["unused_peasants"], at["player"]
    round_scale, turn_scale, cards_scale = scales["round"], scales["turn"], scales["cards"]
    cash_scale, checks_scale, annex_scale, bonus_scale = (scales["cash"], scales["checks"], scales["annex"],
                                                          scales["bonus"])
    cdef int index, card, occupation, count
    for index in range(view_size):
        weights[index] = entry_weights[index]
    for card in range(cards):
        card_occupation[card] = occupation_of_card[card]
        annex_at[card] = annex_entries.get(card, -1)
    for occupation in range(occupations):
        copies[occupation] = len(counted[occupation]) - 1
        for count in range(copies[occupation] + 1):
            count_values[occupation][count] = counted[occupation][count]
    stage_at, decision_at = dict(stage_entries), dict(decision_entries)


cdef inline void hit(float* out, int index) noexcept:
    """What `_section` does for a hit: add the entry's float32 weight, through a double."""
    out[index] = <float>(<double>out[index] + <double>weights[index])


cdef inline int relative(int seat, int other, int players) except -1:
    """`other` seen from `seat` (0 is the observer); a seat out of the game is an error, not a stray write."""
    if other < 0 or other >= players:
        raise ValueError(f"seat {other} in a view of {players} players")
    return (other - seat + players) % players


cdef inline int occupation_of(int card) except -1:
    if card < 0 or card >= cards:
        raise ValueError(f"no card number {card}")
    return card_occupation[card]


cdef int count_cards(float* out, int start, object pile) except -1:
    """A count section (`observation._counts`): tallied per occupation, then each count's value."""
    cdef int tally[MAX_OCCUPATIONS]
    cdef int occupation, card
    if pile is None:
        return 0
    memset(tally, 0, sizeof(tally))
    for card in <tuple>pile:
        occupation = occupation_of(card)
        if tally[occupation] == copies[occupation]:
            raise ValueError(f"more than {copies[occupation]} cards of one occupation in a pile")
        tally[occupation] += 1
    for occupation in range(occupations):
        if tally[occupation]:
            out[start + occupation] = count_values[occupation][tally[occupation]]
    return 0


def view_bytes(object compact_view):
    """The view part of the observation of the seat whose compact view (`CompactView`) this is, as float32
    bytes: `observation.VIEW_SIZE` entries laid out as `observation.LAYOUT` says."""
    if not isinstance(compact_view, tuple) or len(compact_view) != len(VIEW_FIELDS):
        raise TypeError(f"not a compact view: {compact_view!r}")
    cdef tuple view = <tuple>compact_view
    if view_size == 0:
        raise RuntimeError("observation has not configured the compiled encoder")
    if view[0] is None:
        raise ValueError("observations are built from a seat's view, not the spectator's (seat None)")
    result = PyBytes_FromStringAndSize(NULL, view_size * 4)
    cdef float* out = <float*>PyBytes_AS_STRING(result)
    memset(out, 0, view_size * 4)
    cdef int seat = view[0], players = view[1], room, holder, service, guest, r, owner, slot, count, top, start, card
    cdef tuple keys, services, guests, seats = view[29], player, annexes, annex
    if not 1 <= players <= 4 or not 0 <= seat < players or len(seats) != players:
        raise ValueError(f"a view of seat {seat} among {players} players, with {len(seats)} seats")
    # The table, the round and the moment.
    hit(out, at_seat + seat)
    hit(out, at_players + players - 1)
    if view[2]:
        hit(out, at_settings)
    if view[3]:
        hit(out, at_settings + 1)
    if view[4]:
        hit(out, at_settings + 2)
    if view[6] == 2:
        hit(out, at_season)
    if view[7]:
        hit(out, at_season + 1)
    out[at_round] = <float>(<double><long>view[5] / round_scale)
    if view[9] not in stage_at:
        raise ValueError(f"unknown stage {view[9]!r}")
    hit(out, stage_at[view[9]])
    hit(out, at_first + relative(seat, view[8], players))
    if view[13]:
        hit(out, at_police)
    if view[15]:
        hit(out, at_over)
    if view[16]:
        hit(out, at_over + 1)
    if view[10] is not None:
        if view[10] not in decision_at:
            raise ValueError(f"unknown decision {view[10]!r}")
        hit(out, decision_at[view[10]])
    if view[11] is not None:
        hit(out, at_current + relative(seat, view[11], players))
    out[at_turn] = <float>(<double><long>view[12] / turn_scale)
    out[at_police + 1] = <float>(<double><long>view[14] / 4.0)
    # The door.
    out[at_entrance_size] = <float>(<double><long>view[17] / cards_scale)
    top = view[18]
    if top != no_card:
        hit(out, at_entrance_top + occupation_of(top))
    count_cards(out, at_entrance_cards, view[19])
    guest = view[20]
    if guest != no_card:
        hit(out, at_arrival + occupation_of(guest))
    out[at_culled] = <float>(<double><long>view[21] / cards_scale)
    # The rooms: key (a relative seat, white, closed), Room Service (a relative seat), guest.
    keys, services, guests = view[22], view[23], view[24]
    if not len(keys) == len(services) == len(guests) == rooms:
        raise ValueError(f"a view of {len(keys)} rooms")
    for room in range(rooms):
        holder, service, guest = keys[room], services[room], guests[room]
        start = at_rooms + room * room_size
        if holder == closed:
            hit(out, start + room_closed)
        elif holder == white:
            hit(out, start + room_white)
        else:
            hit(out, start + relative(seat, holder, players))
        if service != nobody:
            hit(out, start + room_service + relative(seat, service, players))
        if guest != no_card:
            hit(out, start + room_guest + occupation_of(guest))
    count_cards(out, at_bistro, view[25])
    count_cards(out, at_exit, view[26])
    count_cards(out, at_gravedigger, view[27])
    count_cards(out, at_unused_peasants, view[28])
    # The annexes, then each seat from the observer's.
    for owner in range(players):
        annexes = (<tuple>seats[owner])[4]
        for annex in annexes:
            card = annex[0]
            if card < 0 or card >= cards or annex_at[card] < 0:
                raise ValueError(f"card {card} has no annex")
            slot = annex_at[card]
            hit(out, slot + relative(seat, owner, players))
            for count in range(<int>annex[1]):
                hit(out, slot + annex_buried)
            for count in range(<int>annex[2]):
                hit(out, slot + annex_free)
    for r in range(players):
        player = <tuple>seats[(seat + r) % players]
        start = at_player + r * player_size
        hit(out, start)
        out[start + player_cash] = <float>(<double><long>player[0] / cash_scale)
        out[start + player_checks] = <float>(<double><long>player[1] / checks_scale)
        count_cards(out, start + player_hand, player[2])
        count_cards(out, start + player_corpses, player[3])
        start += player_barn
        out[start] = <float>(<double><long>player[5] / annex_scale)
        out[start + 1] = <float>(<double><long>player[6] / annex_scale)
        out[start + 2] = <float>(<double><long>player[7] / bonus_scale)
    return result
