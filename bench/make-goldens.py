#!/usr/bin/python3
"""Writes bench/goldens/<dataset>.json: scikit-learn 1.2 test accuracies that the engine's parity test
(packages/engine/test/parity.test.ts) must match within 1 point.

Run by hand from the repository root:  /usr/bin/python3 bench/make-goldens.py

Each golden holds the dataset rows (rounded, and scikit-learn is scored on the rounded rows), several
stratified train/test splits (test row indices), and per model configuration the explicit parameters
and scikit-learn's mean test accuracy over the splits. Families with randomness (DT, RF) are also
averaged over several random_state values, so the comparison is about the algorithm, not one lucky seed.
"""
import json
import os

import numpy as np
import sklearn
from sklearn.datasets import load_breast_cancer, load_digits, load_wine, make_classification
from sklearn.ensemble import RandomForestClassifier
from sklearn.model_selection import train_test_split
from sklearn.neighbors import KNeighborsClassifier
from sklearn.svm import SVC
from sklearn.tree import DecisionTreeClassifier

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "goldens")
SPLIT_SEEDS = [0, 1, 2, 3, 4]
DT_SEEDS = list(range(10))
RF_SEEDS = list(range(4))
TEST_SIZE = 0.25


def datasets():
    bc = load_breast_cancer()
    yield "breast_cancer", np.round(bc.data, 4), bc.target
    wine = load_wine()
    yield "wine", np.round(wine.data, 4), wine.target
    digits = load_digits()
    yield "digits", digits.data, digits.target
    X, y = make_classification(n_samples=1000, n_features=20, n_informative=10, n_redundant=4,
                               n_classes=3, random_state=7)
    yield "make_classification", np.round(X, 4), y


# (family, name, params, seeded?) -- params exactly as the engine's createModel takes them.
CONFIGS = [
    ("DT", "dt-default", {}, True),
    ("DT", "dt-entropy-depth5", {"criterion": "entropy", "max_depth": 5, "min_samples_leaf": 2}, True),
    ("DT", "dt-random-splitter", {"splitter": "random", "min_samples_split": 4}, True),
    ("DT", "dt-max-leaf-nodes", {"max_leaf_nodes": 12}, True),
    ("RF", "rf-20", {"n_estimators": 20}, True),
    ("RF", "rf-20-entropy-log2", {"n_estimators": 20, "criterion": "entropy", "max_features": "log2", "min_samples_leaf": 2}, True),
    ("KNN", "knn-default", {}, False),
    ("KNN", "knn-distance-p1", {"n_neighbors": 7, "weights": "distance", "p": 1}, False),
    ("KNN", "knn-kd-tree-3", {"n_neighbors": 3, "algorithm": "kd_tree", "leaf_size": 10}, False),
    ("SVM", "svm-rbf-scale", {"C": 1.0, "kernel": "rbf", "gamma": "scale"}, False),
    ("SVM", "svm-rbf-auto-c10", {"C": 10.0, "kernel": "rbf", "gamma": "auto"}, False),
    ("SVM", "svm-poly", {"C": 1.0, "kernel": "poly", "degree": 2, "gamma": "scale", "coef0": 1.0}, False),
]


# gamma=auto on raw 0..16 pixels is a poor and slow model: nothing learned from timing it.
SKIP = {("digits", "svm-rbf-auto-c10")}


def seeds_of(family):
    return DT_SEEDS if family == "DT" else RF_SEEDS


def make(family, params, seed):
    if family == "DT":
        return DecisionTreeClassifier(random_state=seed, **params)
    if family == "RF":
        return RandomForestClassifier(random_state=seed, n_jobs=1, **params)
    if family == "KNN":
        return KNeighborsClassifier(**params)
    return SVC(**params)


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, X, y in datasets():
        # Digits is the largest set: fewer splits keep the parity test fast.
        split_seeds = SPLIT_SEEDS[:3] if name == "digits" else SPLIT_SEEDS
        splits = []
        for split_seed in split_seeds:
            idx = np.arange(len(y))
            _, test_idx = train_test_split(idx, test_size=TEST_SIZE, stratify=y, random_state=split_seed)
            splits.append(sorted(int(i) for i in test_idx))
        models = []
        for family, config, params, seeded in CONFIGS:
            if (name, config) in SKIP:
                continue
            accuracies = []
            for test_idx in splits:
                mask = np.zeros(len(y), dtype=bool)
                mask[test_idx] = True
                for seed in seeds_of(family) if seeded else [0]:
                    model = make(family, params, seed).fit(X[~mask], y[~mask])
                    accuracies.append(float(np.mean(model.predict(X[mask]) == y[mask])))
            models.append({"family": family, "name": config, "params": params,
                           "seeds": seeds_of(family) if seeded else None,
                           "sklearnAccuracy": round(float(np.mean(accuracies)), 6)})
            print(f"{name:20s} {config:22s} {np.mean(accuracies):.4f}")
        golden = {
            "dataset": name,
            "sklearnVersion": sklearn.__version__,
            "nClasses": int(len(np.unique(y))),
            "X": [[float(v) if not float(v).is_integer() else int(v) for v in row] for row in X],
            "y": [int(v) for v in y],
            "testIndices": splits,
            "models": models,
        }
        with open(os.path.join(OUT, f"{name}.json"), "w") as fh:
            json.dump(golden, fh, separators=(",", ":"))


if __name__ == "__main__":
    main()
