import topology from 'world-atlas/countries-110m.json';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { crossesAntimeridian, unwrapAntimeridian, type PolygonalGeometry } from './geometry.ts';

const rings = (geometry: PolygonalGeometry): number[][][] =>
  geometry.type === 'Polygon' ? (geometry.coordinates as number[][][]) : geometry.type === 'MultiPolygon' ? (geometry.coordinates as number[][][][]).flat() : [];

describe('world geometry', () => {
  const world = topology as unknown as Topology;
  const shapes = feature(world, world.objects.countries as GeometryCollection<{ name: string }>).features.filter((s) => s.properties?.name !== 'Antarctica');

  it('has stripe-making rings before unwrapping (Russia, Fiji) and none after', () => {
    const crossing = shapes.filter((s) => rings(s.geometry as PolygonalGeometry).some(crossesAntimeridian)).map((s) => s.properties?.name);
    expect(crossing).toEqual(expect.arrayContaining(['Russia', 'Fiji']));
    for (const shape of shapes) {
      const unwrapped = unwrapAntimeridian(shape.geometry as PolygonalGeometry);
      expect(rings(unwrapped).some(crossesAntimeridian), shape.properties?.name).toBe(false);
    }
  });

  it('leaves rings that do not cross untouched', () => {
    const brazil = shapes.find((s) => s.properties?.name === 'Brazil')!;
    expect(unwrapAntimeridian(brazil.geometry as PolygonalGeometry)).toEqual(brazil.geometry);
  });
});
