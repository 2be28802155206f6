export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_CONTROL_PORT = Number(process.env.E2E_CONTROL_PORT ?? 3101);
