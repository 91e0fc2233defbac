import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /selectmlstep (placeholder until its feature lands). */
export default function SelectMlStepPage() {
  return <RoutePlaceholder titleKey="selectmlstep" />;
}
