// The host matrix for copilot (scripts/host-matrix.sh): every turn on every path it speaks.
import { copilot } from './hosts/copilot';
import { hostMatrix } from './matrix';

hostMatrix(copilot);
