"""The reliability campaign's generators for the surfaces added after the first campaigns, one
module per input surface:

* :mod:`.merge_parts`: batch parts given to ``merge``;
* :mod:`.hdc_files`: Hero Designer character files given to ``import``;
* :mod:`.arguments`: edge arguments to every command;
* :mod:`.data_folders`: hostile preferences and data folders (played in the app by the script);
* :mod:`.known_cases`: the cases issue 36 found crashing or hanging the program, made again with
  random variations (:mod:`.known_inputs`, :mod:`.known_plugins`) and judged strictly
  (:mod:`.trial`: the refusal names the file, the key and what was expected; no input changed,
  no output half-written);
* :mod:`.running`: the small runner they share (a command run in this process, and its verdict).

The same harness as :mod:`core.testing.fuzzing` (each case takes a ``random.Random`` and returns
a :class:`~core.testing.fuzzing.Verdict`), shared the same way by ``scripts/fuzz.py`` (the whole
campaign) and the suite (``tests/test_fuzz.py``, a slice). A command's case runs it in this
process, as ``slugfest ARGV``: exit 0 is "accepted", exit 2 with a message "refused"; any
other exit, a traceback, or a case past :data:`~core.testing.fuzzing.HANG_SECONDS` is a finding.
"""

from __future__ import annotations

from .arguments import COMMANDS, NUMBERS, WORDS, argument_case, prepare_arguments
from .data_folders import DATA_FOLDER_KINDS, hostile_data_folder
from .hdc_files import HDC_VALUES, SYNTHETIC_HDC, base_hdc_files, hdc_case, mutate_hdc
from .known_cases import KNOWN_CASES, KnownCase, known_case, prepare_bench
from .merge_parts import JSON_VALUES, base_parts, merge_case, mutate_part
from .running import command_verdict, run_cli

__all__ = ["COMMANDS", "DATA_FOLDER_KINDS", "HDC_VALUES", "JSON_VALUES", "KNOWN_CASES", "NUMBERS", "SYNTHETIC_HDC",
           "WORDS", "KnownCase", "argument_case", "base_hdc_files", "base_parts", "command_verdict", "hdc_case",
           "hostile_data_folder", "known_case", "merge_case", "mutate_hdc", "mutate_part", "prepare_arguments",
           "prepare_bench", "run_cli"]
