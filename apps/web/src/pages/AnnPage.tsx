import { ModelConfigPage } from '../features/wizard/pages/ModelConfigPage.tsx';

/** Route /ann: the ANN hyperparameters. */
export default function AnnPage() {
  return <ModelConfigPage family="ANN" />;
}
