//===- DepthWarnings.cpp - Channels that deadlock at larger sizes ---------===//

#include "backends/model/DepthWarnings.h"
#include "language/Warnings.h"
#include "language/LoopMetadata.h"
#include "systolic/Design.h"

#include "llvm/ADT/StringRef.h"

namespace t2s {

void warnAboutChannelDepths(const llvm::Function &F, const Design &D) {
  for (const Design::Channel &C : D.Channels) {
    if (!C.Grows || C.SizedForGiven)
      continue;
    Design::Place At = C.Kind == Design::ChannelKind::Stream && C.ReceivedAt.Line
                           ? C.ReceivedAt
                           : D.Nests[C.Nest].At;
    std::string Message = "channel '" + C.Name + "' carries '" + C.Array + "' with ";
    if (C.Growth) {
      const Design::DepthLaw &L = *C.Growth;
      std::string Sizes;
      for (auto [P, Coefficient] : L.Terms) {
        std::string Name = D.Params[P].Name;
        Sizes += (Sizes.empty() ? "--size=" : ",") + Name + "=N" +
                 (L.Terms.size() > 1 ? "_" + Name : "");
      }
      Message += L.text(D) + " values in flight, which grow with the run-time sizes; its depth " +
                 std::to_string(C.Depth) + " holds them " + L.heldBy(D, C.Depth) +
                 ", and beyond the kernels deadlock on the device (the host stub stops such "
                 "runs); build with " + Sizes +
                 ", the largest sizes you run, to size the channel for them";
    } else {
      // The note: "grows with the run-time sizes, not linearly (...); depth
      // ... may not hold them ...: build with --size=..." (ChannelDepths.cpp).
      llvm::StringRef Note = C.DepthNote;
      Note.consume_front("grows");
      Message += "values in flight that grow" + Note.str();
    }
    reportWarning(F, SourceLoc{D.File, At.Line, At.Column}, WarningGroup::ChannelDepth, Message);
  }
}

} // namespace t2s
