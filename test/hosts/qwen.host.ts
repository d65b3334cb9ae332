// The host matrix for qwen (scripts/host-matrix.sh): every turn on every path it speaks.
import { qwen } from './hosts/qwen';
import { hostMatrix } from './matrix';

hostMatrix(qwen);
