"""Play over the network: a room on the host (or a headless server) is the only authority; clients see
only their own seat's view and public events. The wire format is docs/PROTOCOL.md."""
