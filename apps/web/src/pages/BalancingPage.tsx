import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /balanceamento (placeholder until its feature lands). */
export default function BalancingPage() {
  return <RoutePlaceholder titleKey="balanceamento" />;
}
