#!/usr/bin/env python3
"""
Expected answers of the assistant corpus, computed from the WHO GHO CSV exports independently of the
analyst's TypeScript (numpy and scipy here; the list-shaped answers in expected_shapes.py, csv module only).
Reads questions.json (what each question asks, written by hand) and writes expected.json, which is committed
and read by corpus.test.ts.

  python3 apps/server/test/assistant-corpus/expected.py [WHO_DIR]

WHO_DIR defaults to ../shared/data/who-gho-2018 (next to the repository). The data follow the catalog's
documented rules (README "WHO data"): country rows only; a period "2003-2005" counts at its end year;
repeated rows for a country, year and dimension are averaged; each indicator on its both-sexes / total
dimension; a country's WHO region from all_countries.csv, else the REGION column of its rows.
"""
import csv
import json
import os
import sys
from collections import defaultdict

import numpy as np
from scipy import stats

from expected_shapes import expected_shape, row_point, source_rows

HERE = os.path.dirname(os.path.abspath(__file__))
WHO_DIR = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, '..', '..', '..', '..', '..', 'shared', 'data', 'who-gho-2018')
REGIONS = {'AFR': 'Africa', 'AMR': 'Americas', 'EMR': 'Eastern Mediterranean', 'EUR': 'Europe', 'SEAR': 'South-East Asia', 'WPR': 'Western Pacific'}


def read_indicator(code):
    """{(iso3, year): value} on the default dimension, and {iso3: region code} from the rows."""
    rows = source_rows(WHO_DIR, code)
    sexes = {r.get('SEX', '') for r in rows if r.get('SEX')}
    areas = {r.get('RESIDENCEAREATYPE', '') for r in rows if r.get('RESIDENCEAREATYPE')}
    groups = defaultdict(list)
    row_regions = {}
    for r in rows:
        country = (r.get('COUNTRY') or '').strip()
        if not country:
            continue
        row_regions.setdefault(country, r.get('REGION', ''))
        if len(sexes) > 1 and r.get('SEX') != 'BTSX':
            continue
        if len(areas) > 1 and r.get('RESIDENCEAREATYPE') != 'TOTL':
            continue
        point = row_point(r)
        if point is None:
            continue
        groups[(point[0], point[1])].append(point[2])
    return {k: sum(v) / len(v) for k, v in groups.items()}, row_regions


def load(codes):
    data = {}
    row_regions = {}
    for code in codes:
        data[code], regions = read_indicator(code)
        for country, region in regions.items():
            row_regions.setdefault(country, region)
    region_of = {}
    with open(os.path.join(WHO_DIR, 'all_countries.csv'), newline='', encoding='utf-8') as f:
        for r in csv.DictReader(f):
            if r['WHO_REGION']:
                region_of[r['country']] = r['WHO_REGION']
    for country, code in row_regions.items():
        region_of.setdefault(country, REGIONS.get(code, ''))
    return data, region_of


def values_where(data, code, keep):
    return [(c, y, v) for (c, y), v in data[code].items() if keep(c, y)]


def in_scope(region_of, scope):
    if scope['kind'] == 'world':
        return lambda c: True
    if scope['kind'] == 'region':
        return lambda c: region_of.get(c) == scope['name']
    return lambda c: c == scope['code']


def quantiles(values):
    a = np.array(sorted(values))
    return {'n': len(a), 'min': float(a.min()), 'q1': float(np.quantile(a, 0.25)), 'median': float(np.median(a)),
            'q3': float(np.quantile(a, 0.75)), 'max': float(a.max()), 'mean': float(a.mean())}


def pair(data, a, b, year=None):
    keys = [k for k in data[a] if k in data[b] and (year is None or k[1] == year)]
    x = np.array([data[a][k] for k in keys])
    y = np.array([data[b][k] for k in keys])
    return {'n': len(keys), 'pearson': float(stats.pearsonr(x, y)[0]), 'spearman': float(stats.spearmanr(x, y)[0])}


def mean_in(data, region_of, code, year, scope):
    inside = in_scope(region_of, scope)
    vals = [v for c, y, v in values_where(data, code, lambda c, y: y == year and inside(c))]
    return (float(np.mean(vals)) if vals else None), len(vals)


def expected_for(q, data, region_of, target, rows_all):
    e = q['expect']
    kind = e['kind']
    if kind == 'count':
        places = {c for c, y, v in values_where(data, e['indicator'], lambda c, y: y == e['year'])}
        return {'places': len(places)}
    if kind == 'missing':
        base = [k for k in rows_all if k in data[target]]
        missing = {code: sum(1 for k in base if k not in data[code]) for code in data if code != target}
        top = sorted(missing.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        out = {'rows': len(base), 'top': top, 'missing': missing}
        if e.get('indicator'):
            out['indicatorMissing'] = missing[e['indicator']]
        return out
    if kind == 'distribution':
        inside = in_scope(region_of, e['scope'])
        year = e['year']
        vals = [v for c, y, v in values_where(data, e['indicator'], lambda c, y: y == year and inside(c))]
        return {'year': year, **quantiles(vals)}
    if kind == 'trend':
        inside = in_scope(region_of, e['scope'])
        by_year = defaultdict(list)
        for c, y, v in values_where(data, e['indicator'], lambda c, y: inside(c)):
            by_year[y].append(v)
        years = sorted(by_year)
        first, last = float(np.mean(by_year[years[0]])), float(np.mean(by_year[years[-1]]))
        return {'firstYear': years[0], 'lastYear': years[-1], 'first': first, 'last': last, 'change': last - first, 'points': len(years)}
    if kind == 'ranking':
        groups = defaultdict(list)
        for c, y, v in values_where(data, e['indicator'], lambda c, y: y == e['year']):
            key = region_of.get(c) if e['by'] == 'region' else c
            if key:
                groups[key].append(v)
        means = sorted(((float(np.mean(v)), k) for k, v in groups.items()), key=lambda t: (-t[0] if e['order'] == 'top' else t[0], t[1]))
        return {'year': e['year'], 'first': means[0][1], 'firstMean': means[0][0], 'groups': len(means)}
    if kind == 'correlation':
        return pair(data, e['a'], e['b'], e['year'])
    if kind == 'related':
        items = []
        for code in data:
            if code == target:
                continue
            p = pair(data, code, target)
            items.append({'indicator': code, **p})
        items.sort(key=lambda i: (-abs(i['spearman']), -abs(i['pearson']), i['indicator']))
        return {'top': items[0]['indicator'], 'items': items}
    if kind == 'compare-regions':
        year = e['year']
        sides = [mean_in(data, region_of, e['indicator'], year, s) for s in e['scopes']]
        return {'year': year, 'means': [s[0] for s in sides], 'n': [s[1] for s in sides], 'difference': sides[1][0] - sides[0][0]}
    if kind == 'compare-years':
        y1, y2 = sorted(e['years'])
        sides = [mean_in(data, region_of, e['indicator'], y, e['scope']) for y in (y1, y2)]
        return {'years': [y1, y2], 'means': [s[0] for s in sides], 'n': [s[1] for s in sides], 'difference': sides[1][0] - sides[0][0]}
    if kind == 'ambiguous':
        return {'candidates': sorted(e['candidates'])}
    return {}


def main():
    with open(os.path.join(HERE, 'questions.json'), encoding='utf-8') as f:
        corpus = json.load(f)
    # "dataset" is the chosen data of most questions; "datasets" names others (a question's "dataset" picks one).
    datasets = {'main': corpus['dataset'], **corpus.get('datasets', {})}
    out = {'generatedBy': 'expected.py', 'rows': 0, 'expected': {}}
    for name, spec in datasets.items():
        target = spec.get('target')
        codes = ([target] if target else []) + spec['indicators']
        data, region_of = load(codes)
        rows_all = set()
        for code in codes:
            rows_all.update(data[code].keys())
        if name == 'main':
            out['rows'] = len(rows_all)
        ctx = {'who_dir': WHO_DIR, 'codes': codes, 'data': data, 'region_of': region_of, 'rows': rows_all}
        for q in corpus['questions']:
            if q.get('dataset', 'main') != name:
                continue
            shaped = expected_shape(ctx, q)
            out['expected'][q['id']] = shaped if shaped is not None else expected_for(q, data, region_of, target, rows_all)
    with open(os.path.join(HERE, 'expected.json'), 'w', encoding='utf-8') as f:
        json.dump(out, f, indent=1, ensure_ascii=False)
        f.write('\n')
    print(f"{len(corpus['questions'])} questions over {len(datasets)} datasets ({out['rows']} country-years in the main one) -> expected.json")


if __name__ == '__main__':
    main()
