//===- OVLSMeasured.cpp - Gains bench/optvls measured, for the remarks ----===//

#include "OptVLS/OVLSMeasured.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace t2s {

namespace {
// OptVLS/optvls-measured.json, as the build embeds it.
const char MeasuredTable[] =
#include "OptVLSMeasured.inc"
    ;
} // namespace

MeasuredGains MeasuredGains::parse(llvm::StringRef JSON) {
  MeasuredGains T;
  llvm::Expected<llvm::json::Value> V = llvm::json::parse(JSON);
  if (!V) {
    llvm::consumeError(V.takeError());
    return T;
  }
  const llvm::json::Object *O = V->getAsObject();
  if (!O)
    return T;
  if (std::optional<llvm::StringRef> M = O->getString("machine"))
    T.Machine = M->str();
  if (const llvm::json::Array *Entries = O->getArray("gains"))
    for (const llvm::json::Value &E : *Entries) {
      const llvm::json::Object *G = E.getAsObject();
      if (!G)
        continue;
      MeasuredGain X;
      X.CPU = G->getString("cpu").value_or("").str();
      X.Shape = G->getString("shape").value_or("").str();
      X.Min = G->getNumber("min").value_or(0);
      X.Max = G->getNumber("max").value_or(0);
      X.Cases = unsigned(G->getInteger("cases").value_or(0));
      if (const llvm::json::Array *K = G->getArray("kernels"))
        for (const llvm::json::Value &Name : *K)
          if (std::optional<llvm::StringRef> S = Name.getAsString())
            X.Kernels.push_back(S->str());
      if (!X.CPU.empty() && !X.Shape.empty() && X.Cases)
        T.Gains.push_back(std::move(X));
    }
  return T;
}

MeasuredGains MeasuredGains::embedded() { return parse(MeasuredTable); }

const MeasuredGain *MeasuredGains::find(llvm::StringRef CPU, llvm::StringRef Shape) const {
  auto It = llvm::find_if(Gains, [&](const MeasuredGain &G) {
    return G.CPU == CPU && G.Shape == Shape;
  });
  return It == Gains.end() ? nullptr : &*It;
}

std::string MeasuredGains::remarkText(llvm::StringRef CPU, llvm::StringRef Shape) const {
  const MeasuredGain *G = find(CPU, Shape);
  if (!G)
    return "";
  std::string S;
  llvm::raw_string_ostream OS(S);
  auto twoPlaces = [](double X) {
    std::string T;
    llvm::raw_string_ostream(T) << llvm::format("%.2f", X);
    return T;
  };
  std::string Min = twoPlaces(G->Min), Max = twoPlaces(G->Max);
  OS << "; measured by bench/optvls on " << G->CPU << ": " << Min;
  if (Min != Max)
    OS << "-" << Max;
  OS << "x against the plain build over " << G->Cases << " case"
     << (G->Cases == 1 ? "" : "s") << " (" << llvm::join(G->Kernels, ", ") << ")";
  return S;
}

} // namespace t2s
