import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /selecao (placeholder until its feature lands). */
export default function AttributeSelectionPage() {
  return <RoutePlaceholder titleKey="selecao" />;
}
