"""Sample third-party plugins for Slugfest."""
