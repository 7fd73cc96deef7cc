"""Rooms with friends: hosting, joining, invites, the connection to a room server."""
