"""``python -m vesselview``: the inspector (same as the ``vesselview`` command)."""

from vesselview.gui.app import main

raise SystemExit(main())
