// The few words the matrix expects in what a host handed the model, in one place: the server's sentences
// are still being reworded, so each turn checks a stable fact, and a rewording is a one-line change here.

/** A tool result for each turn, tested as text (case-insensitive where a pattern says so). */
export const EXPECT = {
  /** get_order 1001 answered: the order's customer. */
  good: /Northwind Traders/,
  /** The API answered 401: the session expired / sign in again. */
  unauthorized: /session (has )?expired|expired session|log in again|sign in again/i,
  /** The API answered 403: a matter of permission. */
  forbidden: /permission|not allowed|forbidden/i,
  /** The API answered 503: an error, and the status. */
  serverError: [/error/i, /503/],
  /** The API did not answer in time: time is named. */
  timeout: /time/i,
  /** get_order without orderId: the field is named. */
  invalidArguments: /orderId/,
  /**
   * create_order for a user of two organisations, where the host cannot ask (cancel, decline, or no
   * elicitation declared): no order, the organisations named, and the call to make once the user chose.
   */
  elicitation: /not placed[\s\S]*call create_order again with organisation set to one of: (acme, globex|globex, acme)/,
  /** search_orders as `structuredContent` (the JSON a host hands over): a field only the object has. */
  structured: /"canCreate"/,
  /** search_orders as its `text`: the sentence the JSON does not hold. */
  text: /Found \d+ order\(s\):/,
  /** The review_open_orders prompt for Northwind (Traders), as the user's message. */
  prompt: /Review the open orders of Northwind/,
  /** The example view (ui://orders/search_orders) read whole: its script. */
  resource: /<script/i,
  /**
   * The example view read by a client that did not declare the Apps extension (2025-era /mcp): the page
   * under 1 KB that says what the view is and names the tool to call (docs/views.md).
   */
  resourcePage: /is an MCP Apps view[\s\S]*did not declare the io\.modelcontextprotocol\/ui extension[\s\S]*Call search_orders/,
  /** At most what a host hands its model of that page, with its own wrapping: far below the ~400 KB view. */
  resourcePageMaxChars: 4_000,
  /** Where the view is withheld from a host without the Apps extension: not found, or no resource tool. */
  resourceWithheld: /not found|not offered|offered no tool named/i,
} as const;

/** The arguments and resource the turns use. */
export const ORDER = { orderId: '1001' };
export const NEW_ORDER = { customer: 'Northwind Traders', lines: [{ sku: 'WIDGET-1', quantity: 1, unitPrice: 12.5 }] };
export const VIEW_URI = 'ui://orders/search_orders';
export const PROMPT = { name: 'review_open_orders', customer: 'Northwind Traders' };
