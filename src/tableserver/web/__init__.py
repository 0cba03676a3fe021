"""The browser face: static HTML, CSS and plain JavaScript served by `tableserver serve`."""
