"""The battle map: a QGraphicsScene adapter over the encounter document and its view."""
