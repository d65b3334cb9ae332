// Demo data of the example customer API: users (with their bearer tokens), tenants and orders.
// REPLACE: this whole folder stands in for your own REST API.

export type Role = 'manager' | 'viewer';

export interface DemoUser {
  userId: string;
  name: string;
  role: Role;
  /** Tenants this user may act in. */
  tenants: string[];
}

/** Bearer tokens the example API accepts (documented in the README). */
export const DEMO_USERS: Readonly<Record<string, DemoUser>> = {
  'demo-manager-token': { userId: 'u-100', name: 'Demo Manager', role: 'manager', tenants: ['acme', 'globex'] },
  'demo-viewer-token': { userId: 'u-200', name: 'Demo Viewer', role: 'viewer', tenants: ['acme'] },
};

/**
 * The users of the local authorization server (`npm run auth-server`, auth-server/demo-users.ts) by their
 * token's `sub`: alice is the manager, bob the viewer.
 */
export const OAUTH_USERS: Readonly<Record<string, DemoUser>> = {
  alice: DEMO_USERS['demo-manager-token']!,
  bob: DEMO_USERS['demo-viewer-token']!,
};

export const DEFAULT_TENANT = 'acme';

export interface OrderLine {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export interface Order {
  id: string;
  tenantId: string;
  customer: string;
  status: 'open' | 'shipped' | 'cancelled';
  lines: OrderLine[];
  total: number;
  createdAt: string;
  createdBy: string;
}

export function orderTotal(lines: readonly OrderLine[]): number {
  return Math.round(lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0) * 100) / 100;
}

function order(id: string, tenantId: string, customer: string, status: Order['status'], lines: OrderLine[], day: number): Order {
  return {
    id,
    tenantId,
    customer,
    status,
    lines,
    total: orderTotal(lines),
    createdAt: new Date(Date.UTC(2026, 9, day, 9, 30)).toISOString(),
    createdBy: 'u-100',
  };
}

/** A fresh copy per API instance, so tests never see each other's writes. */
export function seedOrders(): Order[] {
  return [
    order('1001', 'acme', 'Northwind Traders', 'open', [{ sku: 'WIDGET-1', quantity: 4, unitPrice: 12.5 }], 1),
    order('1002', 'acme', 'Contoso Ltd', 'shipped', [{ sku: 'GADGET-7', quantity: 1, unitPrice: 199 }], 3),
    order('1003', 'acme', 'Northwind Traders', 'cancelled', [{ sku: 'WIDGET-2', quantity: 10, unitPrice: 3.2 }], 7),
    order('2001', 'globex', 'Initech', 'open', [{ sku: 'STAPLER-R', quantity: 2, unitPrice: 15 }], 5),
  ];
}

export interface Invoice {
  id: string;
  tenantId: string;
  /** The customer's id, e.g. "c-42" (Northwind Traders). */
  customerId: string;
  status: 'paid' | 'unpaid';
  amount: number;
  dueDate: string;
}

/** Invoices per customer: c-42 Northwind Traders and c-7 Contoso Ltd (acme), c-9 Initech (globex). */
export function seedInvoices(): Invoice[] {
  return [
    { id: 'inv-1', tenantId: 'acme', customerId: 'c-42', status: 'unpaid', amount: 50, dueDate: '2026-12-01' },
    { id: 'inv-2', tenantId: 'acme', customerId: 'c-42', status: 'paid', amount: 32, dueDate: '2026-10-15' },
    { id: 'inv-3', tenantId: 'acme', customerId: 'c-42', status: 'unpaid', amount: 120.4, dueDate: '2026-12-20' },
    { id: 'inv-4', tenantId: 'acme', customerId: 'c-7', status: 'paid', amount: 199, dueDate: '2026-11-03' },
    { id: 'inv-5', tenantId: 'globex', customerId: 'c-9', status: 'unpaid', amount: 30, dueDate: '2026-12-05' },
  ];
}
