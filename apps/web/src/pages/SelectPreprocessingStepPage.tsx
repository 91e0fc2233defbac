import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /selectpreprocessingstep (placeholder until its feature lands). */
export default function SelectPreprocessingStepPage() {
  return <RoutePlaceholder titleKey="selectpreprocessingstep" />;
}
