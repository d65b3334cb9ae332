// The orders table: one row per order of search_orders' structured result; a click or Enter opens it.

/** One order as search_orders' `output` describes it. */
export interface OrderRow {
  id: string;
  customer: string;
  status: string;
  total: number;
}

export function showRows(table: HTMLTableElement, rows: readonly OrderRow[], open: (id: string) => void): void {
  table.tBodies[0]!.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement('tr');
      tr.className = 'order';
      tr.tabIndex = 0;
      tr.dataset.id = row.id;
      const badge = document.createElement('span');
      badge.className = 'status';
      badge.textContent = row.status;
      const cells = [`#${row.id}`, row.customer, badge, row.total.toFixed(2)];
      tr.append(
        ...cells.map((value, index) => {
          const td = document.createElement('td');
          td.append(value);
          if (index === 3) td.className = 'total';
          return td;
        }),
      );
      tr.addEventListener('click', () => open(row.id));
      tr.addEventListener('keydown', (event) => event.key === 'Enter' && open(row.id));
      return tr;
    }),
  );
  table.hidden = rows.length === 0;
}
