import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { echarts } from './echarts.ts';
import { unwrapAntimeridian, type PolygonalGeometry } from './geometry.ts';

export const WORLD_MAP_NAME = 'indicata-world-110m';
/** The two maps of the chart (ECharts merges map series that share a registered name). */
export const WORLD_MAP_SERIES = ['actualIndex', 'predictedIndex'] as const;
let registered: Promise<void> | null = null;

/**
 * Registers the world-atlas 110m country shapes with ECharts once. The TopoJSON ships in the
 * world-atlas npm package and is bundled as its own chunk: nothing is fetched from elsewhere.
 * Antarctica is dropped (no WHO data, and it takes a third of the map's height).
 */
export function registerWorldMap(): Promise<void> {
  registered ??= import('world-atlas/countries-110m.json').then((module) => {
    const topology = (module as unknown as { default: Topology }).default;
    const countries = feature(topology, topology.objects.countries as GeometryCollection<{ name: string }>);
    const features = countries.features
      .filter((shape) => shape.properties?.name !== 'Antarctica')
      .map((shape) => ({ ...shape, geometry: unwrapAntimeridian(shape.geometry as PolygonalGeometry) }));
    const geoJson = { type: 'FeatureCollection', features } as unknown as Parameters<typeof echarts.registerMap>[1];
    for (const series of WORLD_MAP_SERIES) echarts.registerMap(`${WORLD_MAP_NAME}-${series}`, geoJson);
  });
  return registered;
}
