#!/usr/bin/python3
"""scikit-learn side of `npm run bench -- --panels` (bench/panels/run.ts calls it; run it by hand only to debug).

Usage: /usr/bin/python3 bench/sklearn_panels.py SPEC_JSON

SPEC_JSON: {"csv": panel CSV (semicolon; countryName;regionName;year;target;features...), "target": column,
"features": [columns], "classes": "1:lo:hi,...", "trainYears": [...], "testYears": [...] (the engine's split, read from
its results JSON), "expected": {"trainCounts": [...], "testCounts": [...]} (the engine's rows per class, checked here so
both sides provably score the same rows), "folds": 3, "jobs": 2}

Classes follow the engine's manual rule: a value belongs to class i when min_i <= v < max_i, or v == max_i and i is the
last class (or the next class starts above v). Prints one JSON object:
  rf300: RandomForestClassifier(n_estimators=300) defaults with median imputation fit on training rows only, test macro-F1
         per random_state 0, 1, 2 and their mean;
  rf300History: the same with the target's previous class and the years since as two more inputs (one step ahead);
  grid:  about 20 candidates over DT, RF, KNN, SVM, MLP (scalers where needed), each scored by forward-chaining CV over the
         last `folds` training years (expanding window, one validation year per fold; imputer and scaler fit inside the
         fold), the best mean validation macro-F1 refit on every training row and scored on the test rows.
"""
import json
import os
import sys
import time

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import numpy as np  # noqa: E402
from joblib import Parallel, delayed  # noqa: E402
from sklearn.ensemble import RandomForestClassifier  # noqa: E402
from sklearn.impute import SimpleImputer  # noqa: E402
from sklearn.metrics import f1_score  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.neural_network import MLPClassifier  # noqa: E402
from sklearn.pipeline import make_pipeline  # noqa: E402
from sklearn.preprocessing import MinMaxScaler, StandardScaler  # noqa: E402
from sklearn.svm import SVC  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def parse_classes(text):
    out = []
    for part in text.split(","):
        _title, lo, hi = part.split(":")
        out.append((float(lo), float(hi)))
    return sorted(out)


def assign_class(v, classes):
    """The engine's assignClass for manual classes (-1 when outside every class)."""
    last = len(classes) - 1
    for i, (lo, hi) in enumerate(classes):
        if v >= lo and (v < hi or (v == hi and (i == last or classes[i + 1][0] > v))):
            return i
    return -1


def read_panel(path, target, features):
    with open(path, encoding="utf8") as f:
        header = f.readline().rstrip("\n").split(";")
        at = {name: i for i, name in enumerate(header)}
        rows = [line.rstrip("\n").split(";") for line in f if line.strip()]
    num = lambda s: float(s) if s.strip() != "" else np.nan  # noqa: E731
    years = np.array([int(float(r[at["year"]])) for r in rows])
    places = np.array([r[at["countryName"]] for r in rows])
    y_value = np.array([num(r[at[target]]) for r in rows])
    X = np.array([[num(r[at[c]]) for c in features] for r in rows], dtype=float)
    return X, y_value, years, places


def previous_class(y, years, places):
    """One step ahead, as the engine's history columns: each row's place's class in its latest earlier year with a
    class, and the years since (NaN where there is none)."""
    prev = np.full(len(y), np.nan)
    since = np.full(len(y), np.nan)
    last = {}
    for i in np.lexsort((years, places)):
        if places[i] in last:
            prev[i], since[i] = last[places[i]][1], years[i] - last[places[i]][0]
        if y[i] >= 0:
            last[places[i]] = (years[i], y[i])
    return prev, since


def candidates(seed):
    """The grid: (name, unfitted model) - imputation is added around each."""
    std = StandardScaler
    grid = [
        ("DT default", lambda: DecisionTreeClassifier(random_state=seed)),
        ("DT max_depth=8", lambda: DecisionTreeClassifier(max_depth=8, random_state=seed)),
        ("DT min_samples_leaf=5", lambda: DecisionTreeClassifier(min_samples_leaf=5, random_state=seed)),
        ("DT entropy max_depth=12", lambda: DecisionTreeClassifier(criterion="entropy", max_depth=12, random_state=seed)),
        ("RF 300", lambda: RandomForestClassifier(n_estimators=300, random_state=seed, n_jobs=1)),
        ("RF 300 max_features=0.5", lambda: RandomForestClassifier(n_estimators=300, max_features=0.5, random_state=seed, n_jobs=1)),
        ("RF 300 min_samples_leaf=3", lambda: RandomForestClassifier(n_estimators=300, min_samples_leaf=3, random_state=seed, n_jobs=1)),
        ("RF 300 balanced", lambda: RandomForestClassifier(n_estimators=300, class_weight="balanced", random_state=seed, n_jobs=1)),
        ("RF 300 entropy", lambda: RandomForestClassifier(n_estimators=300, criterion="entropy", random_state=seed, n_jobs=1)),
        ("KNN k=5 std", lambda: make_pipeline(std(), KNeighborsClassifier(n_neighbors=5))),
        ("KNN k=5 distance std", lambda: make_pipeline(std(), KNeighborsClassifier(n_neighbors=5, weights="distance"))),
        ("KNN k=15 distance std", lambda: make_pipeline(std(), KNeighborsClassifier(n_neighbors=15, weights="distance"))),
        ("KNN k=31 distance std", lambda: make_pipeline(std(), KNeighborsClassifier(n_neighbors=31, weights="distance"))),
        ("KNN k=10 distance p=1 minmax", lambda: make_pipeline(MinMaxScaler(), KNeighborsClassifier(n_neighbors=10, weights="distance", p=1))),
        ("SVM rbf C=1 std", lambda: make_pipeline(std(), SVC(C=1.0))),
        ("SVM rbf C=10 std", lambda: make_pipeline(std(), SVC(C=10.0))),
        ("SVM rbf C=100 std", lambda: make_pipeline(std(), SVC(C=100.0))),
        ("SVM linear C=1 std", lambda: make_pipeline(std(), SVC(kernel="linear", C=1.0))),
        ("SVM poly3 C=10 std", lambda: make_pipeline(std(), SVC(kernel="poly", degree=3, C=10.0))),
        ("MLP (100,) std", lambda: make_pipeline(std(), MLPClassifier(max_iter=500, random_state=seed))),
        ("MLP (64,64) std", lambda: make_pipeline(std(), MLPClassifier(hidden_layer_sizes=(64, 64), max_iter=500, random_state=seed))),
        ("MLP (64,64) alpha=0.01 std", lambda: make_pipeline(std(), MLPClassifier(hidden_layer_sizes=(64, 64), alpha=0.01, max_iter=500, random_state=seed))),
        ("MLP (128,) alpha=0.001 std", lambda: make_pipeline(std(), MLPClassifier(hidden_layer_sizes=(128,), alpha=0.001, max_iter=500, random_state=seed))),
    ]
    return grid


def with_imputer(model):
    return make_pipeline(SimpleImputer(strategy="median"), model)


def macro_f1(actual, predicted):
    # scikit-learn's default label set (classes present in actual or predicted), as the engine's macro average.
    return float(f1_score(actual, predicted, average="macro", zero_division=0))


def fit_score(make, X, y, train, valid):
    import warnings

    warnings.filterwarnings("ignore")
    model = with_imputer(make())
    model.fit(X[train], y[train])
    return macro_f1(y[valid], model.predict(X[valid]))


def main():
    spec = json.loads(sys.argv[1])
    X, y_value, years, places = read_panel(spec["csv"], spec["target"], spec["features"])
    classes = parse_classes(spec["classes"])
    y = np.array([assign_class(v, classes) if not np.isnan(v) else -1 for v in y_value])
    train_years, test_years = set(spec["trainYears"]), set(spec["testYears"])
    usable = y >= 0
    train = np.where(usable & np.isin(years, list(train_years)))[0]
    test = np.where(usable & np.isin(years, list(test_years)))[0]
    n = len(classes)
    counts = {"trainCounts": np.bincount(y[train], minlength=n).tolist(), "testCounts": np.bincount(y[test], minlength=n).tolist()}
    expected = spec.get("expected")
    if expected and (expected["trainCounts"] != counts["trainCounts"] or expected["testCounts"] != counts["testCounts"]):
        raise SystemExit(f"split or classes differ from the engine's: ours {counts}, engine {expected}")
    jobs = int(spec.get("jobs", 2))

    # Baseline: RandomForestClassifier(n_estimators=300) defaults, median imputation fit on training rows only.
    rf_scores = []
    start = time.perf_counter()
    for seed in (0, 1, 2):
        model = with_imputer(RandomForestClassifier(n_estimators=300, random_state=seed, n_jobs=1))
        model.fit(X[train], y[train])
        rf_scores.append(macro_f1(y[test], model.predict(X[test])))
    rf_seconds = (time.perf_counter() - start) / 3

    # The same forest with the target's previous class and the years since as two more inputs (the engine's
    # persistence baseline reads the same previous class).
    prev, since = previous_class(y, years, places)
    X_history = np.column_stack([X, prev, since])
    rf_history_scores = []
    for seed in (0, 1, 2):
        model = with_imputer(RandomForestClassifier(n_estimators=300, random_state=seed, n_jobs=1))
        model.fit(X_history[train], y[train])
        rf_history_scores.append(macro_f1(y[test], model.predict(X_history[test])))

    # Forward-chaining folds over the last `folds` training years: train on every earlier training year.
    sorted_years = sorted(train_years)
    n_folds = min(int(spec.get("folds", 3)), len(sorted_years) - 1)
    folds = []
    for year in sorted_years[len(sorted_years) - n_folds:]:
        folds.append((train[years[train] < year], train[years[train] == year], year))
    grid = candidates(0)
    start = time.perf_counter()
    scores = Parallel(n_jobs=jobs)(delayed(fit_score)(make, X, y, tr, va) for _, make in grid for tr, va, _ in folds)
    per_candidate = [scores[i * len(folds):(i + 1) * len(folds)] for i in range(len(grid))]
    means = [float(np.mean(s)) for s in per_candidate]
    best = int(np.argmax(means))  # first of equals: the grid lists simpler configurations first
    import warnings

    warnings.filterwarnings("ignore")
    final = with_imputer(grid[best][1]())
    final.fit(X[train], y[train])
    grid_test = macro_f1(y[test], final.predict(X[test]))
    grid_seconds = time.perf_counter() - start
    print(json.dumps({
        "trainRows": int(len(train)), "testRows": int(len(test)), **counts,
        "rf300": {"testMacroF1": float(np.mean(rf_scores)), "perSeed": rf_scores, "fitPredictSeconds": rf_seconds},
        "rf300History": {"testMacroF1": float(np.mean(rf_history_scores)), "perSeed": rf_history_scores},
        "grid": {
            "candidates": len(grid), "folds": [int(f[2]) for f in folds], "chosen": grid[best][0], "family": grid[best][0].split()[0],
            "validationMacroF1": means[best], "testMacroF1": grid_test, "seconds": grid_seconds,
            "ranking": sorted(({"name": g[0], "validationMacroF1": m} for g, m in zip(grid, means)), key=lambda r: -r["validationMacroF1"]),
        },
    }))


if __name__ == "__main__":
    main()
