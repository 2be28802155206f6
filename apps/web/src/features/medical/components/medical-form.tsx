/** The NEET PG form lands with the medical predictor (issue 4). */
export function MedicalForm() {
  return <p className="text-slate-700">The NEET PG predictor is not available yet. We will add it once the MCC allotment data is imported and checked.</p>;
}
