import sys
from pathlib import Path

# the helpers of this folder (stud_helpers, pk_bridge) import as top-level modules
sys.path.insert(0, str(Path(__file__).parent))
