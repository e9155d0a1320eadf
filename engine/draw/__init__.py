"""The drawing kit games share: geometry (layout), board maps (boards) and SVG output (svg); no game in it."""
