import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /discretizacao (placeholder until its feature lands). */
export default function DiscretizationPage() {
  return <RoutePlaceholder titleKey="discretizacao" />;
}
