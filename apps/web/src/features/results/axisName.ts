import { createContext, useContext } from 'react';

/**
 * What a chart's axis or a narrow header shows for an indicator's full name: its short name (see the contracts'
 * `indicatorName` with `short`), so a cut label still shows the dimension and history suffix that tell columns apart.
 * The full name stays the category, which tooltips show. The name itself where no results provide a map.
 */
export const AxisNameContext = createContext<(name: string) => string>((name) => name);

/** The axis name of the results being shown (AxisNameContext). */
export function useAxisName(): (name: string) => string {
  return useContext(AxisNameContext);
}
