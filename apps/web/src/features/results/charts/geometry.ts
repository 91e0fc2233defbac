/**
 * Natural Earth splits shapes at the antimeridian, but a ring of Russia or Fiji still jumps from +180
 * to -180; drawn as is, that jump paints a stripe across the whole map. Such rings are unwrapped by
 * moving their western-hemisphere points east by 360 degrees (Chukotka then sits just past +180).
 */
type Ring = number[][];
export type PolygonalGeometry = { type: 'Polygon'; coordinates: Ring[] } | { type: 'MultiPolygon'; coordinates: Ring[][] } | { type: string; coordinates?: unknown };

function unwrapRing(ring: Ring): Ring {
  let min = Infinity;
  let max = -Infinity;
  for (const [lon] of ring) {
    min = Math.min(min, lon);
    max = Math.max(max, lon);
  }
  if (max - min <= 180) return ring;
  return ring.map(([lon, lat, ...rest]) => [lon < 0 ? lon + 360 : lon, lat, ...rest]);
}

/** The geometry with every antimeridian-crossing ring unwrapped (other geometries unchanged). */
export function unwrapAntimeridian<G extends PolygonalGeometry>(geometry: G): G {
  if (geometry.type === 'Polygon') {
    return { ...geometry, coordinates: (geometry.coordinates as Ring[]).map(unwrapRing) };
  }
  if (geometry.type === 'MultiPolygon') {
    return { ...geometry, coordinates: (geometry.coordinates as Ring[][]).map((polygon) => polygon.map(unwrapRing)) };
  }
  return geometry;
}

/** Whether a ring spans more than half the globe in longitude (the stripe makers). */
export function crossesAntimeridian(ring: Ring): boolean {
  const lons = ring.map(([lon]) => lon);
  return Math.max(...lons) - Math.min(...lons) > 180;
}
