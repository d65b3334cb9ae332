// The search_orders view: shows the orders of the tool's structured result, opens one through get_order,
// and creates one through create_order after a confirm step. Every call goes through the host (ext-apps'
// App) with the user's own credentials; each failure is said, with a retry, or, when a create's outcome is
// unknown, an offer to check. It follows the host's theme and fonts (./host-style.ts).
import { App } from '@modelcontextprotocol/ext-apps';
import { callTool, say, textOf, type ToolAnswer } from './host-call';
import { followHost } from './host-style';
import { showOrder } from './order-detail';
import { showRows, type OrderRow } from './orders-table';

/** search_orders' structuredContent (its `output`). */
interface OrderPage {
  orders: OrderRow[];
  total: number;
  canCreate: boolean;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const pageOf = (value: unknown) => (value && Array.isArray((value as OrderPage).orders) ? (value as OrderPage) : undefined);

const app = new App({ name: 'search_orders view', version: '1.0.0' });
/** The arguments of the search on show: a refresh repeats them. */
let searchArgs: Record<string, unknown> = {};

function showSearch(result: ToolAnswer): void {
  const summary = $('summary');
  const page = pageOf(result.structuredContent);
  if (result.isError || !page) {
    // An error, or a host that passes only the text: show it as the model reads it.
    $('orders').hidden = true;
    $('more').hidden = true;
    return say(summary, result.isError ? 'error' : 'note', textOf(result), result.isError ? { label: 'Try again', run: () => void search(searchArgs) } : undefined);
  }
  showRows($<HTMLTableElement>('orders'), page.orders, (id) => void openOrder(id));
  say(summary, 'note', page.orders.length === 0 ? 'No orders were found matching that search.' : `Found ${page.total} order(s). Select an order to open it.`);
  const hidden = page.total - page.orders.length;
  const more = $('more');
  if (hidden > 0) {
    const limit = Math.min(50, page.total);
    const action = limit > page.orders.length ? { label: `Show ${limit - page.orders.length} more`, run: () => void search({ ...searchArgs, limit }) } : undefined;
    say(more, 'note', `Showing ${page.orders.length} of ${page.total}: ${hidden} more not shown. Narrow the search to see them.`, action);
  } else more.hidden = true;
  // The API decides (it refuses a viewer's create with 403); the form is offered only to those it lets create.
  $('create').hidden = !page.canCreate;
}

async function search(args: Record<string, unknown>): Promise<void> {
  say($('summary'), 'note', 'Searching…');
  const outcome = await callTool(app, 'search_orders', args);
  if (outcome.kind === 'answer') {
    searchArgs = args;
    return showSearch(outcome.result);
  }
  const text = outcome.kind === 'error' ? outcome.text : `The orders could not be loaded: the host did not complete the call (${outcome.reason}).`;
  say($('summary'), 'error', text, { label: 'Try again', run: () => void search(args) });
}

async function openOrder(id: string): Promise<void> {
  const panel = $('detail');
  say(panel, 'note', `Opening order #${id}…`);
  const outcome = await callTool(app, 'get_order', { orderId: id });
  if (outcome.kind === 'answer') return showOrder(panel, id, outcome.result);
  const text = outcome.kind === 'error' ? outcome.text : `Order #${id} could not be opened: the host did not complete the call (${outcome.reason}).`;
  say(panel, 'error', text, { label: 'Try again', run: () => void openOrder(id) });
}

type NewOrder = { customer: string; lines: Array<{ sku: string; quantity: number; unitPrice: number }> };
/** The order the form describes, held while the user confirms it. */
let pending: NewOrder | undefined;

function busy(on: boolean): void {
  for (const id of ['review', 'confirm-yes']) $<HTMLButtonElement>(id).disabled = on;
}

async function create(order: NewOrder): Promise<void> {
  const created = $('created');
  busy(true);
  say(created, 'note', 'Creating the order…');
  const outcome = await callTool(app, 'create_order', order);
  busy(false);
  // To check: that customer's orders, where a new one would show.
  const check = { label: 'Check the orders', run: () => void search({ customer: order.customer, limit: 50 }) };
  if (outcome.kind === 'answer') {
    $<HTMLFormElement>('new-order').reset(); // a second click cannot create it twice
    say(created, 'ok', textOf(outcome.result));
    return void search(searchArgs);
  }
  if (outcome.kind === 'error') return say(created, 'error', outcome.text, check);
  say(created, 'error', `It is not known whether the order was created: the host did not complete the call (${outcome.reason}). Check the orders before you try again.`, check);
}

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

$('confirm-yes').addEventListener('click', () => {
  const order = pending;
  pending = undefined;
  $('confirm').hidden = true;
  if (order) void create(order);
});

app.ontoolinput = ({ arguments: args }) => {
  searchArgs = { ...(args ?? {}) };
};
app.ontoolresult = (result) => showSearch(result as ToolAnswer);
app.onhostcontextchanged = (changed) => followHost(changed);
app.connect().then(
  () => followHost(app.getHostContext()),
  (error: unknown) => say($('summary'), 'error', `This view could not reach its host (${error instanceof Error ? error.message : String(error)}).`),
);
