#!/usr/bin/python3
"""scikit-learn side of `npm run bench` (bench/run.ts calls it; run it by hand only to debug).

Usage: /usr/bin/python3 bench/sklearn_timing.py DATA_PREFIX PARAMS_JSON

Reads DATA_PREFIX.{train,test}.{X,y}.bin (float64 / int32 little-endian, written by bench/run.ts),
fits and predicts each model with the same explicit parameters as the engine, single-threaded, and
prints one JSON object: {model: {"seconds": fit+predict wall time, "cpuSeconds": its CPU time, "epochs": MLP epochs run,
"accuracy": test accuracy}}.
"""
import json
import os
import sys
import time

# Single-threaded BLAS for a fair comparison with the single-threaded engine.
for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import numpy as np  # noqa: E402
from sklearn.ensemble import RandomForestClassifier  # noqa: E402
from sklearn.neighbors import KNeighborsClassifier  # noqa: E402
from sklearn.neural_network import MLPClassifier  # noqa: E402
from sklearn.svm import SVC  # noqa: E402
from sklearn.tree import DecisionTreeClassifier  # noqa: E402


def load(prefix, part, cols):
    X = np.fromfile(f"{prefix}.{part}.X.bin", dtype="<f8").reshape(-1, cols)
    y = np.fromfile(f"{prefix}.{part}.y.bin", dtype="<i4")
    return X, y


def build(name, params):
    if name == "DT":
        return DecisionTreeClassifier(**params)
    if name == "RF":
        return RandomForestClassifier(n_jobs=1, **params)
    if name == "KNN":
        return KNeighborsClassifier(n_jobs=1, **params)
    if name == "SVM":
        return SVC(**params)
    ann = params
    return MLPClassifier(
        hidden_layer_sizes=(ann["neurons"],) * ann["num_layers"], activation="relu", solver="adam",
        batch_size=ann["batch_size"], learning_rate_init=ann["learning_rate"], max_iter=ann["epochs"],
        shuffle=True, random_state=0, tol=0.0, n_iter_no_change=10**6, alpha=0.0)


def main():
    prefix, params_json = sys.argv[1], sys.argv[2]
    spec = json.loads(params_json)
    cols = spec["cols"]
    X, y = load(prefix, "train", cols)
    Xt, yt = load(prefix, "test", cols)
    out = {}
    repeats = max(1, int(spec.get("repeats", 1)))
    for name, params in spec["models"].items():
        import warnings
        warnings.filterwarnings("ignore")
        runs = []
        for _ in range(repeats):
            model = build(name, params)
            start = time.perf_counter()
            cpu_start = time.process_time()
            model.fit(X, y)
            predicted = model.predict(Xt)
            runs.append((time.perf_counter() - start, time.process_time() - cpu_start))
        # The median run on each side (run.ts does the same), so one cold or disturbed run does not decide.
        out[name] = {"seconds": float(np.median([r[0] for r in runs])), "cpuSeconds": float(np.median([r[1] for r in runs])),
                     "epochs": int(model.n_iter_) if name == "ANN" else None, "accuracy": float(np.mean(predicted == yt))}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
