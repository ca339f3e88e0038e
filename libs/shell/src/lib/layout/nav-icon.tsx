import { Bot, Cloud, FileInput, LifeBuoy, Settings2, ShieldCheck, Telescope, Truck, Workflow } from 'lucide-react';
import type { NavIcon as NavIconName } from './nav-tree';

const icons = {
  cloud: Cloud,
  automation: Workflow,
  shield: ShieldCheck,
  import: FileInput,
  recovery: LifeBuoy,
  explorer: Telescope,
  migration: Truck,
  admin: Settings2,
  assistant: Bot,
} as const;

export function NavIcon({ name }: { name: NavIconName }) {
  const Icon = icons[name];
  return <Icon aria-hidden />;
}
