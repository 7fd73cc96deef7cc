"""The Qt user interface: windows, the table, dialogs. It draws the engine's state and never decides a rule."""
