"""``casino-sim cache info`` / ``casino-sim cache clear``: the on-disk cache of dealer counts.

``info`` (the default) prints the cache folder and each cache file with its size
and whether it is valid; ``clear`` removes only the files this tool wrote there.
"""

from __future__ import annotations

import argparse
import os

from casino_sim.cli.common import Subparsers


def register(subparsers: Subparsers) -> None:
    parser = subparsers.add_parser(
        "cache",
        help="show or clear the cache of dealer counts",
        description="Show the cache folder ($CASINO_SIM_CACHE, else the user cache folder) "
        "and its files, or remove the files this tool wrote there.",
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    info = actions.add_parser(
        "info",
        help="print the cache folder and each cache file (size, valid or not)",
        description="Print the cache folder and each cache file with its size and validity.",
    )
    info.add_argument(
        "--quick", action="store_true", help="do not read the files to check them (faster)"
    )
    info.set_defaults(func=run_info)
    clear = actions.add_parser(
        "clear",
        help="remove the cache files this tool wrote (nothing else)",
        description="Remove the cache files this tool wrote in the cache folder; other files "
        "there, and the folder itself, are left alone.",
    )
    clear.set_defaults(func=run_clear)
    parser.set_defaults(func=run_info, quick=False)


def _size(n_bytes: int) -> str:
    """``1.5 MB``-style size (decimal units)."""
    size = float(n_bytes)
    for unit in ("B", "kB", "MB"):
        if size < 1000:
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{size:.1f} GB"


def _folder_line() -> str:
    from casino_sim.dealer_counts.cache import cache_dir

    folder = cache_dir()
    source = "CASINO_SIM_CACHE" if os.environ.get("CASINO_SIM_CACHE") else "default"
    missing = "" if folder.is_dir() else ", does not exist yet"
    return f"cache folder: {folder} ({source}{missing})"


def run_info(args: argparse.Namespace) -> int:
    from casino_sim.dealer_counts.cache import cache_files

    print(_folder_line())
    files = cache_files(check=not args.quick)
    if not files:
        print("  no cache files")
    width = max((len(f.path.name) for f in files), default=0)
    for record in files:
        print(f"  {record.path.name:<{width}}  {_size(record.size):>9}  {record.status}")
    return 0


def run_clear(args: argparse.Namespace) -> int:
    from casino_sim.dealer_counts.cache import cache_dir, clear_cache

    removed = clear_cache()
    for record in removed:
        print(f"removed {record.path} ({_size(record.size)})")
    total = sum(r.size for r in removed)
    if removed:
        plural = "" if len(removed) == 1 else "s"
        print(f"removed {len(removed)} file{plural} ({_size(total)}) from {cache_dir()}")
    else:
        print(f"nothing to remove in {cache_dir()}")
    return 0
