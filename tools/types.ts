// The shapes of the orders API's answers, as the example tools read them. The tools own these types
// (they describe the wire, not the example API's code), so deleting example-api/ leaves them compiling.
// REPLACE with the types of your own API's answers.

export interface OrderLine {
  sku: string;
  quantity: number;
  unitPrice: number;
}

export interface Order {
  id: string;
  customer: string;
  status: 'open' | 'shipped' | 'cancelled';
  lines: OrderLine[];
  total: number;
  createdAt: string;
}

/** GET /orders */
export interface OrderPage {
  items: Order[];
  total: number;
}

/** GET /users/me */
export interface Me {
  userId: string;
  name: string;
  role: string;
  tenantId: string;
}
