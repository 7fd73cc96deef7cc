"""The table: a QGraphicsScene of tiles, racks and seats, and the view that shows it."""
