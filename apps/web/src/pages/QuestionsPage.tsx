import { RoutePlaceholder } from '../components/RoutePlaceholder.tsx';

/** Route /questions (placeholder until its feature lands). */
export default function QuestionsPage() {
  return <RoutePlaceholder titleKey="questions" />;
}
