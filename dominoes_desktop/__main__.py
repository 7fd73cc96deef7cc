import multiprocessing
import sys

from .app import main

if __name__ == "__main__":  # not when the CPU worker process imports this module as its parent's main
    # A packaged game starts its CPU worker from its own executable: this lets that process know it.
    multiprocessing.freeze_support()
    sys.exit(main())
