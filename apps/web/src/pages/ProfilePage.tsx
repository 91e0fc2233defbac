import { TokensPanel } from '../features/tokens/TokensPanel.tsx';

/** Route /profile: the signed-in user's personal API tokens. */
export default function ProfilePage() {
  return <TokensPanel />;
}
