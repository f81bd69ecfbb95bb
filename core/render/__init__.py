"""Renderers of the event stream: the readable text log and the JSONL log."""
