/**
 * Writes a C-SVC model in libsvm's svm_save_model text format. Numbers are written in JavaScript's
 * shortest round-trip form rather than libsvm's %g/%.8g, so the saved model predicts exactly like
 * the fitted one; libsvm's own reader (strtod) parses them all the same.
 */
import type { KernelType } from './kernel.ts';
import type { SvcModel } from './model.ts';

/** libsvm's kernel_type names. */
export const KERNEL_NAMES: Record<KernelType, string> = { linear: 'linear', poly: 'polynomial', rbf: 'rbf', sigmoid: 'sigmoid', precomputed: 'precomputed' };

/**
 * The model as libsvm model-file text.
 * @param model the model to write
 */
export function writeModelText(model: SvcModel): string {
  const { kernel, nrClass, totalSV, svCoef, dim, sv, svSerial } = model;
  const lines = ['svm_type c_svc', `kernel_type ${KERNEL_NAMES[kernel.type]}`];
  if (kernel.type === 'poly') lines.push(`degree ${Math.trunc(kernel.degree)}`);
  if (kernel.type === 'poly' || kernel.type === 'rbf' || kernel.type === 'sigmoid') lines.push(`gamma ${kernel.gamma}`);
  if (kernel.type === 'poly' || kernel.type === 'sigmoid') lines.push(`coef0 ${kernel.coef0}`);
  lines.push(`nr_class ${nrClass}`, `total_sv ${totalSV}`, `rho ${Array.from(model.rho).join(' ')}`, `label ${Array.from(model.labels).join(' ')}`);
  if (model.probA) lines.push(`probA ${Array.from(model.probA).join(' ')}`);
  if (model.probB) lines.push(`probB ${Array.from(model.probB).join(' ')}`);
  lines.push(`nr_sv ${Array.from(model.nSV).join(' ')}`, 'SV');
  for (let s = 0; s < totalSV; s++) {
    let line = '';
    for (let c = 0; c < nrClass - 1; c++) line += `${svCoef[c * totalSV + s]} `;
    if (svSerial) line += `0:${svSerial[s]} `;
    else for (let f = 0; f < dim; f++) line += `${f + 1}:${sv[s * dim + f]} `;
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}
