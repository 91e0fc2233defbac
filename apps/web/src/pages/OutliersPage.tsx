import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /outliers (placeholder until its feature lands). */
export default function OutliersPage() {
  return <RoutePlaceholder titleKey="outliers" />;
}
