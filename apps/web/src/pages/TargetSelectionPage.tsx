import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /targetselection (placeholder until its feature lands). */
export default function TargetSelectionPage() {
  return <RoutePlaceholder titleKey="targetselection" />;
}
