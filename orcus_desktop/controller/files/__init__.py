"""Files beside the document: autosave and crash recovery, the creature library."""
