#!/usr/bin/python3
"""Can anything tell which places change class next year on the sticky coded panels? (offline study, not in the bench run)

Usage: /usr/bin/python3 bench/coded_moves.py [PANEL ...]   (default 14 15 16 18 19)

Reads bench/out/panels/panel-<id>-coded.csv and the engine's split from engine-<id>-auto.json (so run
`npm run bench -- --panels=14..19 --coded-target` once first). For each test row with an earlier known class it asks a
gradient-boosted classifier, trained on the training years only, whether the class moves from that earlier class.
Inputs: the indicators (training medians for missing values), each indicator's change since the place's previous row,
and the class history (previous class, years since, years in the current class, direction of the last move, whether
the place ever moved, moves per year so far). Prints the ranking quality of that probability (ROC AUC, average
precision) and how many of its k most confident rows really moved (k = the number of real moves): replacing
"same class as last year" by a predicted move only pays where such a guess is right more often than wrong.
"""
import json
import os
import sys

os.environ.setdefault("OMP_NUM_THREADS", "1")

import numpy as np  # noqa: E402
from sklearn.ensemble import HistGradientBoostingClassifier  # noqa: E402
from sklearn.metrics import average_precision_score, roc_auc_score  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out", "panels")


def number(text):
    return float(text) if text else np.nan


def load(panel):
    with open(os.path.join(OUT, f"panel-{panel}-coded.csv"), encoding="utf8") as f:
        rows = [line.rstrip("\n").split(";") for line in f]
    body = rows[1:]
    place = np.array([r[0] for r in body])
    year = np.array([int(r[2]) for r in body])
    target = np.array([number(r[3]) for r in body])
    indicators = np.array([[number(v) for v in r[4:]] for r in body])
    return place, year, target, indicators


def class_history(place, year, target):
    """Per row, from the place's earlier known classes only: previous class, years since it, years in that class,
    direction of the last move (-1, 0, +1), never moved (0/1), moves per year so far."""
    out = np.full((len(target), 6), np.nan)
    seen = {}
    for i in np.lexsort((year, place)):
        known = seen.setdefault(place[i], [])
        if known:
            last_year, last_class = known[-1]
            start = len(known) - 1
            while start > 0 and known[start - 1][1] == last_class:
                start -= 1
            moves = sum(1 for a, b in zip(known, known[1:]) if a[1] != b[1])
            out[i] = [
                last_class,
                year[i] - last_year,
                year[i] - known[start][0],
                0 if start == 0 else np.sign(last_class - known[start - 1][1]),
                1 if start == 0 else 0,
                moves / max(1, last_year - known[0][0]),
            ]
        if not np.isnan(target[i]):
            known.append((year[i], target[i]))
    return out


def changes(place, year, indicators):
    """Each indicator's change since the place's previous row."""
    out = np.full_like(indicators, np.nan)
    previous = {}
    for i in np.lexsort((year, place)):
        if place[i] in previous:
            out[i] = indicators[i] - indicators[previous[place[i]]]
        previous[place[i]] = i
    return out


def study(panel):
    place, year, target, indicators = load(panel)
    with open(os.path.join(OUT, f"engine-{panel}-auto.json"), encoding="utf8") as f:
        split = json.load(f)["split"]
    history = class_history(place, year, target)
    usable = ~np.isnan(target) & ~np.isnan(history[:, 0])
    train = usable & np.isin(year, split["trainYears"])
    test = usable & np.isin(year, split["testYears"])
    medians = np.nan_to_num(np.nanmedian(indicators[train], axis=0))
    inputs = np.hstack([np.where(np.isnan(indicators), medians, indicators), np.nan_to_num(changes(place, year, indicators)), np.nan_to_num(history, nan=-1)])
    moved = (target != history[:, 0]).astype(int)
    model = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, random_state=0).fit(inputs[train], moved[train])
    probability = model.predict_proba(inputs[test])[:, 1]
    k = int(moved[test].sum())
    hits = int(moved[test][np.argsort(-probability)[:k]].sum())
    print(
        f"panel {panel}: {k} moves in {int(test.sum())} test rows; ROC AUC {roc_auc_score(moved[test], probability):.3f}, "
        f"average precision {average_precision_score(moved[test], probability):.3f} (base rate {moved[test].mean():.3f}); "
        f"{hits} of the {k} most confident rows moved"
    )


if __name__ == "__main__":
    for panel in sys.argv[1:] or ["14", "15", "16", "18", "19"]:
        study(panel)
