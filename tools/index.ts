// The tools and resources this server offers, listed explicitly (no directory scanning): add a line per
// new tool, and per new view or resource.
import type { Resource } from '../src/resources';
import type { Tool } from '../src/tools';
import createOrder from './create_order';
import getOrder from './get_order';
import readLibraryFile from './read_library_file';
import saveOrdersCsv from './save_orders_csv';
import searchOrders from './search_orders';
import searchOrdersView from './search_orders.view';
import whoami from './whoami';

export const tools: readonly Tool[] = [searchOrders, getOrder, createOrder, whoami, readLibraryFile, saveOrdersCsv];

export const resources: readonly Resource[] = [searchOrdersView];
