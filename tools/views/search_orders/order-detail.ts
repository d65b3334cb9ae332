// One order, as get_order answers it: its structuredContent (the tool's `output`), or the JSON of its text
// where a host passes on only text, each field under a label a person reads rather than the API's name.
import type { ToolAnswer } from './host-call';
import { textOf } from './host-call';

const LABELS: Record<string, string> = {
  id: 'Order',
  tenantId: 'Organisation',
  customer: 'Customer',
  status: 'Status',
  lines: 'Lines',
  total: 'Total',
  createdAt: 'Placed',
  createdBy: 'Placed by',
};

/** `tenantId` → "Tenant id", for a field the view does not know. */
const labelOf = (key: string) => LABELS[key] ?? (key.charAt(0).toUpperCase() + key.slice(1).replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase());

type Line = { sku?: string; quantity?: number; unitPrice?: number };

function valueOf(key: string, value: unknown): string {
  if (key === 'lines' && Array.isArray(value)) return value.map((line: Line) => `${line.quantity} × ${line.sku} at ${line.unitPrice?.toFixed(2)}`).join(', ');
  if (key === 'total' && typeof value === 'number') return value.toFixed(2);
  if (key === 'createdAt' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toLocaleString();
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function fieldsOf(result: ToolAnswer): Record<string, unknown> | undefined {
  if (result.structuredContent) return result.structuredContent;
  try {
    const parsed: unknown = JSON.parse(textOf(result));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function showOrder(panel: HTMLElement, id: string, result: ToolAnswer): void {
  panel.hidden = false;
  panel.dataset.state = 'ok';
  const heading = document.createElement('strong');
  heading.textContent = `Order #${id}`;
  const fields = fieldsOf(result);
  if (!fields) {
    const text = document.createElement('p');
    text.textContent = textOf(result);
    return panel.replaceChildren(heading, text);
  }
  const list = document.createElement('dl');
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'id') continue; // in the heading
    const dt = document.createElement('dt');
    dt.textContent = labelOf(key);
    const dd = document.createElement('dd');
    dd.textContent = valueOf(key, value);
    list.append(dt, dd);
  }
  panel.replaceChildren(heading, list);
}
