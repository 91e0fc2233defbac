import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /adddata (placeholder until its feature lands). */
export default function AddDataPage() {
  return <RoutePlaceholder titleKey="adddata" />;
}
