"""The window shell: main window, settings, language, one instance, and the store service (the only UI code that touches store/)."""
