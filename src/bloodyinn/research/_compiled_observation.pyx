# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""An observation's two parts, each written straight into a float32 buffer: the compiled form of
`observation.python_view_bytes` and `observation.python_prefix_bytes`, used where this extension is built
(`observation.COMPILED`).

It knows no layout of its own: `observation` hands it every offset and weight once (`configure`). It reads the
compact view by its fields' names, and adds and sets entries exactly as the Python encoder does (a hit adds its
entry's float32 weight through a double, as `array("f")` does; a value is a double rounded to float32), so both
give the same bits: `tests/bloodyinn/research` compares them in whole games.
"""

from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_FromStringAndSize
from libc.string cimport memset

cdef enum:
    MAX_SIZE = 4096
    MAX_CARDS = 256

cdef int view_size = 0, observation_size = 0, cards = 0, vocabulary = 0
cdef int at_seat, at_players, at_settings, at_round, at_season, at_first, at_current, at_turn, at_police
cdef int at_over, at_entrance_size, at_entrance_top, at_entrance_cards, at_arrival, at_culled, at_rooms
cdef int at_bistro, at_exit, at_gravedigger, at_unused_peasants, at_player, at_prefix_counts, at_prefix_last
cdef int at_prefix_length
cdef int rooms, room_size, player_size, white, closed, nobody, no_card
cdef int room_white, room_closed, room_service, room_guest, annex_buried, annex_free
cdef int player_cash, player_checks, player_hand, player_corpses, player_barn
cdef double round_scale, turn_scale, cards_scale, cash_scale, checks_scale, annex_scale, bonus_scale, prefix_scale
cdef float weights[MAX_SIZE]
cdef int card_occupation[MAX_CARDS]
cdef int annex_at[MAX_CARDS]  # an annex card's first entry, or -1
cdef dict stage_at = {}, decision_at = {}
cdef type compact_view = None  # `CompactView`, which `view_bytes` reads
cdef bytes no_prefix = b""  # the prefix part when nothing is typed: all zeros


def configure(dict at, dict sizes, dict within, dict scales, dict codes, list entry_weights, list occupation_of_card,
              dict annex_entries, dict stage_entries, dict decision_entries, type view_type):
    """Take the layout from `observation` (offsets, sizes, entries within a room, an annex and a seat's part,
    scales, state codes, every entry's weight, each card's occupation, each annex card's first entry, stage and
    decision entries) and the compact view's class."""
    global view_size, observation_size, cards, vocabulary, at_prefix_counts, at_prefix_last, at_prefix_length
    global prefix_scale, no_prefix, rooms, room_size, player_size, white, closed, nobody, no_card
    global at_seat, at_players, at_settings, at_round, at_season, at_first, at_current, at_turn, at_police
    global at_over, at_entrance_size, at_entrance_top, at_entrance_cards, at_arrival, at_culled, at_rooms
    global at_bistro, at_exit, at_gravedigger, at_unused_peasants, at_player, stage_at, decision_at, compact_view
    global round_scale, turn_scale, cards_scale, cash_scale, checks_scale, annex_scale, bonus_scale
    global room_white, room_closed, room_service, room_guest, annex_buried, annex_free
    global player_cash, player_checks, player_hand, player_corpses, player_barn
    if sizes["observation"] > MAX_SIZE or len(occupation_of_card) > MAX_CARDS:
        raise ValueError("the observation layout outgrows the compiled encoder's tables")
    view_size, observation_size, cards = sizes["view"], sizes["observation"], len(occupation_of_card)
    vocabulary = sizes["vocabulary"]
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
    at_prefix_counts, at_prefix_last, at_prefix_length = at["prefix_counts"], at["prefix_last"], at["prefix_length"]
    round_scale, turn_scale, cards_scale = scales["round"], scales["turn"], scales["cards"]
    cash_scale, checks_scale, annex_scale, bonus_scale = (scales["cash"], scales["checks"], scales["annex"],
                                                          scales["bonus"])
    prefix_scale = scales["prefix"]
    no_prefix = bytes(4 * (observation_size - view_size))
    cdef int index, card
    for index in range(observation_size):
        weights[index] = entry_weights[index]
    for card in range(cards):
        card_occupation[card] = occupation_of_card[card]
        annex_at[card] = annex_entries.get(card, -1)
    stage_at, decision_at, compact_view = dict(stage_entries), dict(decision_entries), view_type


cdef inline void hit(float* out, int index) noexcept:
    """What `observation._entries` does for a hit: add the entry's float32 weight, through a double."""
    out[index] = <float>(<double>out[index] + <double>weights[index])


cdef inline void prefix_hit(float* out, int index) noexcept:
    """`hit` in the prefix part, whose first entry is the observation's `view_size`-th."""
    out[index - view_size] = <float>(<double>out[index - view_size] + <double>weights[index])


cdef inline int relative(int seat, int other, int players) except -1:
    """`other` seen from `seat` (0 is the observer); a seat out of the game is an error, not a stray write."""
    if other < 0 or other >= players:
        raise ValueError(f"seat {other} in a view of {players} players")
    return (other - seat + players) % players


cdef inline int occupation_of(int card) except -1:
    if card < 0 or card >= cards:
        raise ValueError(f"no card number {card}")
    return card_occupation[card]




cdef int count_cards(float* out, int start, tuple pile) except -1:
    """A count section: each card adds its weight at its occupation's entry."""
    cdef int card
    for card in pile:
        hit(out, start + occupation_of(card))
    return 0


cdef inline float scaled(object number, double scale) except? -1:
    """A number's entry: the number over its scale, a double rounded to float32."""
    return <float>(<double><long>number / scale)


def view_bytes(object view):
    """The view part of the observation of the seat whose compact view (`CompactView`) this is, as float32
    bytes: `observation.VIEW_SIZE` entries laid out as `observation.LAYOUT` says."""
    if compact_view is None:
        raise RuntimeError("observation has not configured the compiled encoder")
    if not isinstance(view, compact_view):
        raise TypeError(f"not a compact view: {view!r}")
    if view.seat is None:
        raise ValueError("observations are built from a seat's view, not the spectator's (seat None)")
    cdef int seat = view.seat, players = view.players, room, holder, service, guest, r, owner, slot, count, start, card
    cdef tuple keys = view.keys, services = view.room_service, guests = view.guests, seats = view.seats
    if not 1 <= players <= 4 or not 0 <= seat < players or len(seats) != players:
        raise ValueError(f"a view of seat {seat} among {players} players, with {len(seats)} seats")
    result = PyBytes_FromStringAndSize(NULL, view_size * 4)
    cdef float* out = <float*>PyBytes_AS_STRING(result)
    memset(out, 0, view_size * 4)
    # The table, the round and the moment.
    hit(out, at_seat + seat)
    hit(out, at_players + players - 1)
    if view.long:
        hit(out, at_settings)
    if view.unlimited_wealth:
        hit(out, at_settings + 1)
    if view.first_come_first_served:
        hit(out, at_settings + 2)
    if view.season == 2:
        hit(out, at_season)
    if view.final_round:
        hit(out, at_season + 1)
    out[at_round] = scaled(view.round, round_scale)
    if view.stage not in stage_at:
        raise ValueError(f"unknown stage {view.stage!r}")
    hit(out, stage_at[view.stage])
    hit(out, at_first + relative(seat, view.first_player, players))
    if view.police_present:
        hit(out, at_police)
    if view.is_over:
        hit(out, at_over)
    if view.lost:
        hit(out, at_over + 1)
    if view.decision is not None:
        if view.decision not in decision_at:
            raise ValueError(f"unknown decision {view.decision!r}")
        hit(out, decision_at[view.decision])
    if view.current_player is not None:
        hit(out, at_current + relative(seat, view.current_player, players))
    out[at_turn] = scaled(view.turn, turn_scale)
    out[at_police + 1] = scaled(view.pending_release, 4.0)
    # The door.
    out[at_entrance_size] = scaled(view.entrance_size, cards_scale)
    card = view.entrance_top
    if card != no_card:
        hit(out, at_entrance_top + occupation_of(card))
    if view.entrance_cards is not None:
        count_cards(out, at_entrance_cards, view.entrance_cards)
    card = view.arrival
    if card != no_card:
        hit(out, at_arrival + occupation_of(card))
    out[at_culled] = scaled(view.culled, cards_scale)
    # The rooms: key (a relative seat, white, closed), Room Service (a relative seat), guest.
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
    count_cards(out, at_bistro, view.bistro)
    count_cards(out, at_exit, view.exit)
    count_cards(out, at_gravedigger, view.gravedigger)
    count_cards(out, at_unused_peasants, view.unused_peasants)
    # The annexes, and each seat from the observer's.
    for owner in range(players):
        player = seats[owner]
        r = relative(seat, owner, players)
        for annex in player.annexes:
            card = annex.card
            if card < 0 or card >= cards or annex_at[card] < 0:
                raise ValueError(f"card {card} has no annex")
            slot = annex_at[card]
            hit(out, slot + r)
            for count in range(<int>annex.buried):
                hit(out, slot + annex_buried)
            for count in range(<int>annex.free):
                hit(out, slot + annex_free)
        start = at_player + r * player_size
        hit(out, start)
        out[start + player_cash] = scaled(player.cash, cash_scale)
        out[start + player_checks] = scaled(player.checks, checks_scale)
        count_cards(out, start + player_hand, player.hand)
        count_cards(out, start + player_corpses, player.corpses)
        start += player_barn
        out[start] = scaled(player.barn_buried, annex_scale)
        out[start + 1] = scaled(player.barn_free, annex_scale)
        out[start + 2] = scaled(player.end_bonus, bonus_scale)
    return result


def prefix_bytes(object prefix):
    """The prefix part of the observation (the entries after `observation.VIEW_SIZE`): the tokens typed so far
    in this decision (a sequence of token ids), as float32 bytes."""
    cdef Py_ssize_t length = len(prefix)
    if length == 0:
        return no_prefix
    result = PyBytes_FromStringAndSize(NULL, (observation_size - view_size) * 4)
    cdef float* out = <float*>PyBytes_AS_STRING(result)
    memset(out, 0, (observation_size - view_size) * 4)
    cdef int token
    for token in prefix:
        if token < 0 or token >= vocabulary:
            raise ValueError(f"no token {token}")
        prefix_hit(out, at_prefix_counts + token)
    prefix_hit(out, at_prefix_last + token)
    out[at_prefix_length - view_size] = <float>(<double>length / prefix_scale)
    return result
