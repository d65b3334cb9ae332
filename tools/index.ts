// The tools, resources and prompts this server offers, listed explicitly (no directory scanning): add a
// line per new tool, view, resource or prompt.
import type { Prompt } from '../src/prompts';
import type { Resource } from '../src/resources';
import type { Tool } from '../src/tools';
import createOrder from './create_order';
import exportOrders from './export_orders';
import getOrder from './get_order';
import readLibraryFile from './read_library_file';
import reviewOpenOrders from './review_open_orders.prompt';
import saveOrdersCsv from './save_orders_csv';
import searchOrders from './search_orders';
import searchOrdersView from './search_orders.view';
import whoami from './whoami';

export const tools: readonly Tool[] = [searchOrders, getOrder, createOrder, whoami, readLibraryFile, saveOrdersCsv, exportOrders];

export const resources: readonly Resource[] = [searchOrdersView];

export const prompts: readonly Prompt[] = [reviewOpenOrders];
