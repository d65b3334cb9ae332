// The search_orders view: shows the orders of the tool's result, opens one through get_order, and creates
// one through create_order after a confirm step. Every call goes through the host (ext-apps' App), which
// sends it to the tool server with the user's own credentials; a failure shows the sentence the model reads.
import { App } from '@modelcontextprotocol/ext-apps';

interface Row {
  id: string;
  customer: string;
  status: string;
  total: string;
}

interface Result {
  content?: Array<{ type: string; text?: string }>;
  isError?: boolean;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const textOf = (result: Result) => (result.content ?? []).map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('\n');

/** search_orders' lines: `#<id> · <customer> · <status> · <total>` (the customer may hold the separator). */
function rowsOf(text: string): Row[] {
  return text.split('\n').flatMap((line) => {
    const parts = line.split(' · ');
    if (parts.length < 4 || !parts[0]!.startsWith('#')) return [];
    const total = parts.pop()!;
    const status = parts.pop()!;
    const id = parts.shift()!.slice(1);
    return [{ id, customer: parts.join(' · '), status, total }];
  });
}

const app = new App({ name: 'search_orders view', version: '1.0.0' });

function showError(panel: HTMLElement, text: string): void {
  panel.hidden = false;
  panel.className = 'panel error';
  panel.textContent = text;
}

function showOrders(result: Result): void {
  const text = textOf(result);
  const summary = $('summary');
  const table = $<HTMLTableElement>('orders');
  if (result.isError) {
    table.hidden = true;
    summary.className = 'error';
    summary.textContent = text;
    return;
  }
  const rows = rowsOf(text);
  summary.className = 'note';
  summary.textContent = rows.length === 0 ? text : `${(text.split('\n')[0] ?? '').replace(/:$/, '.')} Select an order to open it.`;
  const body = table.tBodies[0]!;
  body.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.className = 'order';
      tr.tabIndex = 0;
      tr.dataset.id = row.id;
      for (const [value, cls] of [[`#${row.id}`, ''], [row.customer, ''], [row.status, 'status'], [row.total, 'total']] as const) {
        const td = document.createElement('td');
        if (cls === 'status') {
          const badge = document.createElement('span');
          badge.className = 'status';
          badge.textContent = value;
          td.append(badge);
        } else {
          td.textContent = value;
          if (cls) td.className = cls;
        }
        tr.append(td);
      }
      tr.addEventListener('click', () => void openOrder(row.id));
      tr.addEventListener('keydown', (event) => event.key === 'Enter' && void openOrder(row.id));
      return tr;
    }),
  );
  table.hidden = rows.length === 0;
}

async function openOrder(id: string): Promise<void> {
  const panel = $('detail');
  panel.hidden = false;
  panel.className = 'panel note';
  panel.textContent = `Opening order #${id}…`;
  const result = (await app.callServerTool({ name: 'get_order', arguments: { orderId: id } })) as Result;
  const text = textOf(result);
  if (result.isError) return showError(panel, text);
  panel.className = 'panel';
  panel.replaceChildren();
  const heading = document.createElement('strong');
  heading.textContent = `Order #${id}`;
  const list = document.createElement('dl');
  let order: Record<string, unknown> | undefined;
  try {
    order = JSON.parse(text) as Record<string, unknown>;
  } catch {
    order = undefined;
  }
  for (const [key, value] of Object.entries(order ?? { details: text })) {
    const dt = document.createElement('dt');
    dt.textContent = key;
    const dd = document.createElement('dd');
    dd.textContent = key === 'lines' && Array.isArray(value)
      ? value.map((line: { sku?: string; quantity?: number; unitPrice?: number }) => `${line.quantity} × ${line.sku} at ${line.unitPrice}`).join(', ')
      : String(value);
    list.append(dt, dd);
  }
  panel.append(heading, list);
}

/** The order the form describes, held while the user confirms it. */
let pending: { customer: string; lines: Array<{ sku: string; quantity: number; unitPrice: number }> } | undefined;

// A click, not a form submission: hosts frame views with sandbox="allow-scripts", where a form cannot submit.
$('review').addEventListener('click', () => {
  const element = $<HTMLFormElement>('new-order');
  if (!element.reportValidity()) return;
  const form = new FormData(element);
  const line = { sku: String(form.get('sku')), quantity: Number(form.get('quantity')), unitPrice: Number(form.get('unitPrice')) };
  pending = { customer: String(form.get('customer')), lines: [line] };
  $('confirm-text').textContent = `Create an order for ${pending.customer}: ${line.quantity} × ${line.sku} at ${line.unitPrice.toFixed(2)} (total ${(line.quantity * line.unitPrice).toFixed(2)})?`;
  $('confirm').hidden = false;
  $('created').hidden = true;
});

$('confirm-no').addEventListener('click', () => {
  pending = undefined;
  $('confirm').hidden = true;
});

$('confirm-yes').addEventListener('click', async () => {
  if (!pending) return;
  const order = pending;
  pending = undefined;
  $('confirm').hidden = true;
  const created = $('created');
  const result = (await app.callServerTool({ name: 'create_order', arguments: order })) as Result;
  created.hidden = false;
  created.className = result.isError ? 'error' : '';
  created.textContent = textOf(result);
});

app.ontoolresult = (result) => showOrders(result as Result);
void app.connect();
